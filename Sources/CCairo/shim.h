// The one C boundary of InkRender: Cairo with its PNG, PDF and SVG surfaces.
#ifndef DUCTUS_CCAIRO_SHIM_H
#define DUCTUS_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#endif
