// espeak-ng's speech synthesis API (Debian: libespeak-ng-dev, voices in espeak-ng-data), for
// PanelSpeech only.
#if __has_include(<espeak-ng/speak_lib.h>)
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#else
#error "PanelSpeech needs espeak-ng's headers: apt-get install libespeak-ng-dev espeak-ng-data"
#endif
