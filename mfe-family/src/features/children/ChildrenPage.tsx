import { useCurrentUser } from '@kidslearn/kit/platform';
import { Button, Card, Spinner } from '@kidslearn/kit/ui';
import { useFamilyApi } from '../../api/family-api';
import { messages } from '../../messages';

/** /family: a parent's welcome and the children linked to them (GET /family/children). */
export function ChildrenPage() {
  const user = useCurrentUser();
  const api = useFamilyApi();
  const children = api.useFamilyChildrenQuery();
  // Until the server offers the list (a parent's links come later), a 404 means no child is linked.
  const notOffered = children.isError && (children.error as { status?: unknown } | undefined)?.status === 404;
  const failed = children.isError && !notOffered;
  const list = children.isSuccess ? children.data : notOffered ? [] : undefined;
  const firstName = user.name.split(' ')[0] ?? '';
  return (
    <div className="fam-page">
      <h1>{messages.heading(firstName)}</h1>
      <p className="fam-intro">{messages.intro}</p>
      <section aria-labelledby="fam-children-heading">
        <h2 id="fam-children-heading">{messages.children.heading}</h2>
        {children.isLoading && <Spinner label={messages.loading} />}
        {failed && (
          <Card className="fam-note" role="alert">
            <p>{messages.children.failed}</p>
            <Button onClick={() => void children.refetch()}>{messages.children.retry}</Button>
          </Card>
        )}
        {list?.length === 0 && (
          <Card className="fam-note">
            <p className="fam-empty">{messages.children.empty}</p>
            <p>{messages.children.emptyHint}</p>
          </Card>
        )}
        {list && list.length > 0 && (
          <ul className="fam-children">
            {list.map((child) => (
              <li key={child.id}>
                <Card className="fam-child">
                  <span className="fam-child-initial" aria-hidden="true">
                    {child.name.slice(0, 1).toUpperCase()}
                  </span>
                  <span className="fam-child-name">{child.name}</span>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
