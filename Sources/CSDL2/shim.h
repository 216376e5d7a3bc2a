// SDL 2, for PanelSimulator only (the Simulator trait).
#if __has_include(<SDL2/SDL.h>)
#include <SDL2/SDL.h>
#else
#error "SDL 2 is not installed: the simulator needs Debian's libsdl2-dev (sudo apt-get install libsdl2-dev, or scripts/setup --simulator)"
#endif
