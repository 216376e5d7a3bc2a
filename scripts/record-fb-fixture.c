#include <stdio.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/fb.h>
int main(int argc, char **argv) {
    int fd = open("/dev/fb0", O_RDWR);
    if (fd < 0) { perror("open"); return 2; }
    struct fb_var_screeninfo v; struct fb_fix_screeninfo f;
    if (ioctl(fd, FBIOGET_VSCREENINFO, &v) || ioctl(fd, FBIOGET_FSCREENINFO, &f)) { perror("ioctl"); return 3; }
    char path[256];
    snprintf(path, sizeof path, "/out/%s.var", argv[1]);
    FILE *o = fopen(path, "wb"); fwrite(&v, sizeof v, 1, o); fclose(o);
    snprintf(path, sizeof path, "/out/%s.fix", argv[1]);
    o = fopen(path, "wb"); fwrite(&f, sizeof f, 1, o); fclose(o);
    printf("recorded %s: %ux%u virt %ux%u bpp %u line %u smem %u id %s\n", argv[1], v.xres, v.yres, v.xres_virtual, v.yres_virtual, v.bits_per_pixel, f.line_length, f.smem_len, f.id);
    return 0;
}
