// ALSA's PCM playback API (Debian: libasound2-dev), for PanelSpeech only.
#if __has_include(<alsa/asoundlib.h>)
#include <alsa/asoundlib.h>

// ALSA prints its own errors to standard error; PanelSpeech reports a missing device itself,
// once, through the app's logger.
static void panelkit_alsa_ignore_error(const char *file, int line, const char *function, int err, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)format;
}
static inline void panelkit_alsa_quiet(void) { snd_lib_error_set_handler(panelkit_alsa_ignore_error); }
#else
#error "PanelSpeech needs ALSA's headers: apt-get install libasound2-dev"
#endif
