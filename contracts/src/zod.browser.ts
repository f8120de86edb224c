// In the browser (webpack follows package.json "browser"), zod does not probe for eval on its first parse:
// the portal's Content-Security-Policy forbids eval and reports the probe as a violation, even though zod
// catches it. Services keep zod's compiled fast path.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
