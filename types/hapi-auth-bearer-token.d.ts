// hapi-auth-bearer-token ships no types; this declares the part of its API we use.
declare module 'hapi-auth-bearer-token' {
  import type { Plugin, Request, ResponseToolkit, AuthCredentials, AuthArtifacts } from '@hapi/hapi';

  export interface BearerValidateResult {
    isValid: boolean;
    credentials?: AuthCredentials;
    artifacts?: AuthArtifacts;
  }

  export interface BearerStrategyOptions {
    validate: (request: Request, token: string, h: ResponseToolkit) => Promise<BearerValidateResult>;
    accessTokenName?: string;
    allowQueryToken?: boolean;
    allowCookieToken?: boolean;
    allowMultipleHeaders?: boolean;
    allowChaining?: boolean;
    tokenType?: string;
    unauthorized?: (message: string | null, scheme: string) => Error;
  }

  const plugin: { plugin: Plugin<void> };
  export default plugin;
}
