// libFuzzer's driver entry point (compiler-rt): SwiftPM names an executable's entry point
// <Target>_main, so each fuzz target calls the driver from there instead of libFuzzer's main.
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
