import { z } from 'zod';
import { commonConfig, loadConfig } from '@kidslearn/lib-core';

export const configSchema = z.object({
  ...commonConfig,
  SERVICE_NAME: z.string().min(1).default('gems'),
  PORT: commonConfig.PORT.default(4003),
  MONGO_URL: commonConfig.MONGO_URL.default('mongodb://127.0.0.1:27017/kidslearn-gems'),
});
export type GemsConfig = z.infer<typeof configSchema>;

export const readConfig = (env?: Record<string, string | undefined>): GemsConfig => loadConfig(configSchema, env);
