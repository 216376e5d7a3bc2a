// libjpeg-turbo's TurboJPEG API (Debian: libturbojpeg0-dev), for PanelJPEG only.
#if __has_include(<turbojpeg.h>)
#include <turbojpeg.h>
#else
#error "PanelJPEG needs libjpeg-turbo's TurboJPEG headers: apt-get install libturbojpeg0-dev"
#endif
