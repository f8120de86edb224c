import { Link } from 'react-router-dom';
import { buttonClass, Card } from '@kidslearn/kit/ui';
import type { FamilyChild } from '../../api/family-api';
import { day } from '../../domain/dates';
import { messages } from '../../messages';
import { ChildPhoto } from './ChildPhoto';

/** One child on /family: photo, name and the way to their page (the lessons come first there). */
export function ChildCard({ child }: { child: FamilyChild }) {
  return (
    <Card className="fam-child">
      <div className="fam-child-head">
        <ChildPhoto child={child} />
        <div className="fam-child-text">
          <h3 className="fam-child-name">{child.name}</h3>
          <p className="fam-muted">{messages.children.since(day(child.consentedAt))}</p>
        </div>
      </div>
      <Link className={buttonClass({ variant: 'primary', block: true })} to={`/family/children/${encodeURIComponent(child.linkId)}`}>
        {messages.children.open(child.name)}
      </Link>
    </Card>
  );
}
