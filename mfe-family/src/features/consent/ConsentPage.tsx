import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Card, Spinner } from '@kidslearn/kit/ui';
import { useFamilyApi } from '../../api/family-api';
import { day } from '../../domain/dates';
import { serverMessage, statusOf } from '../../domain/server-error';
import { messages } from '../../messages';
import { ConsentAnswer } from './ConsentAnswer';
import { WhatWeKeep } from './WhatWeKeep';

const text = messages.consent;

/** /family/consent?invite=<token>: the mail's link. A visitor or the invited parent reads what is kept and answers. */
export function ConsentPage() {
  const token = useSearchParams()[0].get('invite')?.trim() ?? '';
  const invitation = useFamilyApi().useFamilyInvitationQuery(token || skipToken);
  const [refused, setRefused] = useState(false);
  const invite = invitation.data;

  let body;
  if (!token) body = <Problem heading={text.invalidHeading} text={text.missingLink} />;
  else if (invitation.isLoading) body = <Spinner label={messages.loading} />;
  else if (invitation.isError && statusOf(invitation.error) === 404) body = <Problem heading={text.invalidHeading} text={serverMessage(invitation.error, text.invalidHint)} hint={text.invalidHint} />;
  else if (invitation.isError || !invite)
    body = (
      <Card className="fam-note" role="alert">
        <p>{text.failed}</p>
        <Button onClick={() => void invitation.refetch()}>{messages.retry}</Button>
      </Card>
    );
  else if (refused)
    body = (
      <Card className="fam-note" role="status">
        <h1>{text.refused.heading}</h1>
        <p>{text.refused.text(invite.childName)}</p>
      </Card>
    );
  else
    body = (
      <>
        <h1>{text.heading(invite.childName)}</h1>
        <p className="fam-intro">{text.intro(invite.childName, invite.parentEmail)}</p>
        <p className="fam-muted">{text.expires(day(invite.expiresAt))}</p>
        <WhatWeKeep />
        <ConsentAnswer token={token} invitation={invite} onRefused={() => setRefused(true)} />
      </>
    );
  return <div className="fam-page fam-consent">{body}</div>;
}

function Problem({ heading, text: message, hint }: { heading: string; text: string; hint?: string }) {
  return (
    <>
      <h1>{heading}</h1>
      <Card className="fam-note">
        <p>{message}</p>
        {hint && hint !== message && <p>{hint}</p>}
      </Card>
    </>
  );
}
