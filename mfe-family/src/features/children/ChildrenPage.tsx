import { useCurrentUser } from '@kidslearn/kit/platform';
import { Button, Card, Spinner } from '@kidslearn/kit/ui';
import { messages } from '../../messages';
import { ChildCard } from './ChildCard';
import { useChildren } from './useChildren';

/** /family: a parent's welcome and one card per child linked to them (GET /family/children). */
export function ChildrenPage() {
  const user = useCurrentUser();
  const children = useChildren();
  const firstName = user.name.split(' ')[0] ?? '';
  return (
    <div className="fam-page">
      <h1>{messages.heading(firstName)}</h1>
      <p className="fam-intro">{messages.intro}</p>
      <section aria-labelledby="fam-children-heading">
        <h2 id="fam-children-heading">{messages.children.heading}</h2>
        {children.isLoading && <Spinner label={messages.loading} />}
        {children.failed && (
          <Card className="fam-note" role="alert">
            <p>{messages.children.failed}</p>
            <Button onClick={() => void children.refetch()}>{messages.children.retry}</Button>
          </Card>
        )}
        {children.list?.length === 0 && (
          <Card className="fam-note">
            <p className="fam-empty">{messages.children.empty}</p>
            <p>{messages.children.emptyHint}</p>
          </Card>
        )}
        {children.list && children.list.length > 0 && (
          <ul className="fam-children">
            {children.list.map((child) => (
              <li key={child.linkId}>
                <ChildCard child={child} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
