// The declaration is all: libFuzzer (-sanitize=fuzzer) defines LLVMFuzzerRunDriver.
