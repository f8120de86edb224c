/* eslint-disable @typescript-eslint/no-explicit-any */
// Request fields added by the kit. `valid` holds what validate() parsed (already typed by the
// zod schema at the call site; read it as `req.valid.body as MyInput` or use `validInput`).
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id: string;
      valid: { body?: any; query?: any; params?: any };
    }
  }
}

export {};
