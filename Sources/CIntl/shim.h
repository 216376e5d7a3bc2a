// GNU gettext as glibc provides it (libintl is part of the C library: nothing to link).
#include <libintl.h>
