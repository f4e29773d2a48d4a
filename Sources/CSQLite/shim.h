// The one C boundary of InkSignatureStore: SQLite's C interface.
#ifndef DUCTUS_CSQLITE_SHIM_H
#define DUCTUS_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
