// The part of the WebAssembly JavaScript API the int8 vector scan uses (plugins/knowledge/semantic/
// int8-scan.ts). Node has it as a global, but its types live in TypeScript's DOM library, which the
// server's configuration leaves out (the server is no browser).
declare namespace WebAssembly {
  class Module {
    constructor(bytes: ArrayBufferView | ArrayBuffer);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    /** `shared`: the buffer is a SharedArrayBuffer, for the scan threads (needs `maximum`). Throws a RangeError when the memory cannot be had. */
    constructor(descriptor: { initial: number; maximum?: number; shared?: boolean });
    readonly buffer: ArrayBuffer | SharedArrayBuffer;
  }
}
