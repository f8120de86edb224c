// The zod the schemas are made with. Browsers get zod.browser.ts instead (package.json "browser").
export { z } from 'zod';
