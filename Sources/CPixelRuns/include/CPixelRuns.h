// Long runs of one 32-bit pixel word, stored by the C library's wmemset: glibc picks the
// widest stores the CPU has (AVX2 or AVX-512 on a PC, NEON on a Pi), where Swift's own loop,
// built for the baseline CPU, stores 16 bytes at a time.
#ifndef PANELKIT_CPIXELRUNS_H
#define PANELKIT_CPIXELRUNS_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

// Sets `count` 32-bit words from `p` to `word`.
static inline void panel_fill_words(uint32_t *p, uint32_t word, size_t count) {
#if __WCHAR_MAX__ > 0xFFFF
    wmemset((wchar_t *)p, (wchar_t)word, count);
#else
    for (size_t i = 0; i < count; i++) p[i] = word;
#endif
}

#endif
