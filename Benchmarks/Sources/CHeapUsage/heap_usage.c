// Everything is in the header; this file gives the target a source.
#include "heap_usage.h"
