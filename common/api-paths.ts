// The API's paths as the browser clients write them (`/api/v1/chatbots/${encode(id)}/knowledge?limit=5`),
// checked against the generated OpenAPI types: a path no operation has, or a body of the wrong
// shape, fails the typecheck, and the answer's type is the operation's. Types only: nothing here
// reaches a bundle.
import type { paths } from './api-types.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The documented path templates (`/api/v1/chatbots/{id}`) with an operation for this method. */
type Templates<M extends HttpMethod> = {
  [T in keyof paths]: undefined extends paths[T][M] ? never : T;
}[keyof paths];

/** `/api/v1/chatbots/{id}` as the strings it stands for: `/api/v1/chatbots/${string}`. */
type Pattern<Template extends string> = Template extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Pattern<Tail>}` : Template;

/**
 * What a client may pass for this method: a template's pattern, with a query string or without.
 * Wide on purpose (`${string}` also spans a `/`): it gives template literals their literal type,
 * and Operation below matches segment by segment.
 */
export type ApiPath<M extends HttpMethod> = Pattern<Templates<M>> | `${Pattern<Templates<M>>}?${string}`;

type WithoutQuery<P extends string> = P extends `${infer Path}?${string}` ? Path : P;

type Segments<S extends string> = S extends `${infer Head}/${infer Rest}` ? [Head, ...Segments<Rest>] : [S];

/** A template's `{param}` takes any one segment; any other segment must be written as it is. */
type SegmentsMatch<Actual extends string[], Template extends string[]> = Actual extends [infer A extends string, ...infer ARest extends string[]]
  ? Template extends [infer T extends string, ...infer TRest extends string[]]
    ? T extends `{${string}}`
      ? SegmentsMatch<ARest, TRest>
      : A extends T
        ? SegmentsMatch<ARest, TRest>
        : false
    : false
  : Template extends []
    ? true
    : false;

/** The template a path is written from: the literal one if there is one (`/conversations/counts`, not `/conversations/{id}`). */
export type TemplateOf<M extends HttpMethod, P extends string> = P extends unknown
  ? WithoutQuery<P> extends Templates<M>
    ? WithoutQuery<P>
    : { [T in Templates<M>]: SegmentsMatch<Segments<WithoutQuery<P>>, Segments<T>> extends true ? T : never }[Templates<M>]
  : never;

type Operation<M extends HttpMethod, P extends string> = NonNullable<paths[TemplateOf<M, P>][M]>;

/** The clients ask for JSON (a stream is read apart, outside these types). */
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The body of the operation's success (a 204's is undefined). */
export type ApiResponse<M extends HttpMethod, P extends string> =
  Operation<M, P> extends { responses: infer Responses }
    ? { [Code in keyof Responses]: Code extends 204 ? undefined : Code extends 200 | 201 | 202 ? JsonOf<Responses[Code]> : never }[keyof Responses]
    : never;

/** The rest of a call after its path: the JSON body the operation takes, required when the API requires it. */
export type ApiBodyArguments<M extends HttpMethod, P extends string> =
  Operation<M, P> extends { requestBody: { content: { 'application/json': infer Body } } }
    ? [body: Body]
    : Operation<M, P> extends { requestBody?: never }
      ? [body?: Record<string, never>]
      : Operation<M, P> extends { requestBody?: { content: { 'application/json': infer Body } } }
        ? [body?: Body]
        : [body?: Record<string, never>];

/** `never` (a type error at the call) for a path that fits the wide ApiPath but no template; of a union, each must fit one. */
export type KnownPath<M extends HttpMethod, P extends string> = P extends unknown ? ([TemplateOf<M, P>] extends [never] ? never : P) : never;
