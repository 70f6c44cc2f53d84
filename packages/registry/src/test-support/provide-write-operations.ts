// The package's tests load it from TypeScript, which the write loader's
// require() cannot; they hand it the write module up front instead.

import * as writeOperations from "../write-operations.js";
import { provideWriteOperations } from "../write-operations-loader.js";

provideWriteOperations(writeOperations);
