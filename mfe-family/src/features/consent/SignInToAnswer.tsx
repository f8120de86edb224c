import { usePlatform } from '@kidslearn/kit/platform';
import { Button } from '@kidslearn/kit/ui';
import { messages } from '../../messages';
import { consentPath } from './consent-path';

/** A visitor whose parent account exists: Keycloak's sign-in, then back to this invitation. */
export function SignInToAnswer({ token, email }: { token: string; email: string }) {
  const { auth } = usePlatform();
  return (
    <div className="fam-answer">
      <p>{messages.consent.signIn.text(email)}</p>
      <Button size="lg" onClick={() => void auth.login(consentPath(token))}>
        {messages.consent.signIn.button}
      </Button>
    </div>
  );
}
