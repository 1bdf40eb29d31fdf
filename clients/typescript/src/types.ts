// Types of each operation's request and answer, read from the generated schema by operation id, so
// a resource method's types follow the API as the document describes it.
import type { components, operations } from './schema.js';

export type Schemas = components['schemas'];
export type OperationId = keyof operations;

type JsonContent<Part> = Part extends { content: { 'application/json': infer Json } } ? Json : never;
type FormContent<Part> = Part extends { content: { 'application/x-www-form-urlencoded': infer Form } } ? Form : never;
type Success = 200 | 201 | 202;

/** The JSON body an operation takes. */
export type Body<Id extends OperationId> = operations[Id] extends { requestBody?: infer Request } ? JsonContent<NonNullable<Request>> : never;
/** The form body an operation takes (the OAuth endpoints). */
export type Form<Id extends OperationId> = operations[Id] extends { requestBody?: infer Request } ? FormContent<NonNullable<Request>> : never;
/** An operation's query parameters. */
export type Query<Id extends OperationId> = operations[Id] extends { parameters: { query?: infer Parameters } } ? NonNullable<Parameters> : never;
/**
 * The JSON an operation answers with on success. A streamed answer (`text/event-stream`) is not
 * JSON, so it is not part of this type: `conversations.send` is the JSON turn alone.
 */
export type Result<Id extends OperationId> = operations[Id] extends { responses: infer Responses }
  ? { [Status in keyof Responses]: Status extends Success ? JsonContent<Responses[Status]> : never }[keyof Responses]
  : never;
/** The element of a list operation's `data`. */
export type Item<Id extends OperationId> = Result<Id> extends { data: Array<infer Element> } ? Element : never;
