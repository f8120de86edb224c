// The mail a parent gets when a child names them: what KidsLearn is, what it keeps, and the link to answer.
import { messages } from '../messages';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function consentMail(childName: string, link: string, expiresAt: Date): { subject: string; text: string; html: string } {
  const until = expiresAt.toISOString().slice(0, 10);
  const lines = [
    `Hello,`,
    `${childName} has signed up for KidsLearn, a math learning portal for primary-school children, and named you as their parent.`,
    `Before we keep or show anything about your child, we ask you. On the page below you can read what we keep and why, then agree or refuse. If you refuse, we delete your child's account and data.`,
    `Answer here (the link works until ${until}):`,
  ];
  return {
    subject: messages.family.mailSubject(childName),
    text: `${lines.join('\n\n')}\n${link}\n\nIf you do not know this child, ignore this mail: nothing happens without your answer.`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(link)}">Read and answer</a></p><p>If you do not know this child, ignore this mail: nothing happens without your answer.</p>`,
  };
}
