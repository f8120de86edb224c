import type { FamilyChild } from '../../api/family-api';
import { messages } from '../../messages';
import { ControlSection } from './ControlSection';
import { GemsSection } from './GemsSection';
import { GiftsSection } from './GiftsSection';
import { LessonsSection } from './LessonsSection';
import { SettingsSection } from './SettingsSection';

const sections = [
  { id: 'fam-lessons', title: messages.lessons.heading },
  { id: 'fam-gems', title: messages.gems.heading },
  { id: 'fam-gifts', title: messages.gifts.heading },
  { id: 'fam-settings', title: messages.settings.heading },
  { id: 'fam-control', title: messages.control.heading },
];

/** The child's page below its header: jump links, then Lessons first (a parent's per-lesson results, one click from /family). */
export function ChildSections({ child }: { child: FamilyChild }) {
  return (
    <>
      <nav className="fam-jump" aria-label={messages.child.sectionsLabel}>
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <LessonsSection linkId={child.linkId} name={child.name} />
      <GemsSection linkId={child.linkId} />
      <GiftsSection linkId={child.linkId} name={child.name} />
      <SettingsSection child={child} />
      <ControlSection child={child} />
    </>
  );
}
