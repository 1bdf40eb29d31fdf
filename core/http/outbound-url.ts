// The URLs accounts give the server to call (knowledge pages, webhook endpoints, model providers).
// Joi's `uri()` reads RFC 3986, which takes hosts the WHATWG URL parser, the one every call goes
// through, refuses: `http://a.1/` (a last label that is a number is read as IPv4, and `a.1` is no
// IPv4 address), `http://1.2.3.4.5/`, `http://xn--/`. Such a URL can never be called, and reading
// its host for the address rules threw (a 500): it is a 400 where it is given.
import Joi from 'joi';

/** An http or https URL of at most 2,048 characters that both RFC 3986 and the WHATWG parser read. */
export function outboundUrlSchema(): Joi.StringSchema {
  return Joi.string()
    .trim()
    .max(2048)
    .uri({ scheme: ['http', 'https'] })
    .custom((value: string, helpers) => (URL.canParse(value) ? value : helpers.error('string.uri')), 'read by the WHATWG URL parser');
}
