// @kidslearn/kit/ui: presentational, accessible components. Their styles (kit.css) and the design tokens
// (tokens.css) are inlined once by the shell, so a remote's bundle carries only the components it uses.
export { Button, buttonClass, type ButtonProps, type ButtonVariant } from './Button';
export { Card } from './Card';
export { Badge, type BadgeTone } from './Badge';
export { GemBadge } from './GemBadge';
export { Spinner } from './Spinner';
export { Table, type TableColumn, type TableProps } from './Table';
export { Accordion, type AccordionItem, type AccordionProps } from './Accordion';
export { Carousel, type CarouselProps, type CarouselLabels } from './Carousel';
export { carouselWindow, wrap, CARD_WIDTH_PX, CARD_GAP_PX, type CardPlace, type WindowCard } from './carousel-window';
export { Tooltip, type TooltipProps } from './Tooltip';
export { Modal, type ModalProps } from './Modal';
export { TextField, TextArea, SelectField, RadioGroup, type TextFieldProps, type TextAreaProps, type SelectFieldProps, type RadioGroupProps } from './fields';
export { AddressFields, ADDRESS_REQUIRED_FIELDS, emptyAddress, addressIncomplete, trimmedAddress, type AddressValue, type AddressLabels, type AddressFieldsProps } from './AddressFields';
export { cx } from './cx';
export { useDismiss } from './useDismiss';
export { releasePageWhenNoModalIsOpen } from './modal-layers';
