// The one C boundary of InkFormats' XML readers: libxml2's streaming reader (xmlTextReader)
// and the parser options, error records and entity tables it reports through.
#ifndef DUCTUS_CLIBXML2_SHIM_H
#define DUCTUS_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the copy of ICU inside Foundation.
// Swift never touches the encoding handlers that the ICU fields end, so the declarations are
// left out; the library itself is unchanged.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/hash.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#endif
