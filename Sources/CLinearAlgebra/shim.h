// The one C boundary of InkMath: OpenBLAS's CBLAS and the LAPACKE C interface to LAPACK.
#ifndef DUCTUS_CLINEARALGEBRA_SHIM_H
#define DUCTUS_CLINEARALGEBRA_SHIM_H
#include <cblas.h>
#include <lapacke.h>
#endif
