import { Link, useParams } from 'react-router-dom';
import { Button, Card, Spinner } from '@kidslearn/kit/ui';
import { messages } from '../../messages';
import { ChildPhoto } from '../children/ChildPhoto';
import { useChildren } from '../children/useChildren';
import { ChildSections } from './ChildSections';

/** /family/children/:linkId: one child of the signed-in parent; a child not linked to them is "not found". */
export function ChildPage() {
  const { linkId = '' } = useParams();
  const children = useChildren();
  const child = children.list?.find((candidate) => candidate.linkId === linkId);
  const back = (
    <Link className="fam-back" to="/family">
      <span aria-hidden="true">← </span>
      {messages.child.back}
    </Link>
  );

  if (children.isLoading) return <Spinner label={messages.loading} />;
  if (children.failed)
    return (
      <div className="fam-page">
        {back}
        <Card className="fam-note" role="alert">
          <p>{messages.children.failed}</p>
          <Button onClick={() => void children.refetch()}>{messages.retry}</Button>
        </Card>
      </div>
    );
  if (!child)
    return (
      <div className="fam-page">
        {back}
        <h1>{messages.child.notFound}</h1>
        <p className="fam-intro">{messages.child.notFoundHint}</p>
      </div>
    );
  return (
    <div className="fam-page">
      {back}
      <header className="fam-child-header">
        <ChildPhoto child={child} size={80} />
        <h1>{child.name}</h1>
      </header>
      <ChildSections child={child} />
    </div>
  );
}
