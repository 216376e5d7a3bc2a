// CPixelRuns is a header of inline functions (include/CPixelRuns.h); this file gives the
// target a source to build.
#include "CPixelRuns.h"
