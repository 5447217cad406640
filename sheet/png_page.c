/*
 * png_page.c - greyscale PNG pages through libpng (see png_page.h). cairo's own PNG
 * writer keeps three colour channels and tries every row filter on every
 * row; a page is grey, and line art compresses well with the "up" filter
 * alone, so this writes a third of the data about several times faster.
 *
 * libpng reports errors by longjmp to the setjmp in sheet_png_write; the
 * row buffer is therefore allocated before it and freed after.
 */
#include "png_page.h"

#include <png.h>
#include <stdint.h>
#include <stdlib.h>

/* The caller's write callback and whether it failed. */
typedef struct sink {
    cairo_write_func_t write;
    void *closure;
    int failed;
} sink;

/* libpng's write callback: into the caller's, noting a failure. */
static void write_data(png_structp png, png_bytep data, png_size_t len)
{
    sink *k = png_get_io_ptr(png);
    if (!k->failed && k->write(k->closure, data, (unsigned int)len) != CAIRO_STATUS_SUCCESS)
        k->failed = 1;
}

/* libpng's flush callback: the caller's writes need none. */
static void flush_data(png_structp png) { (void)png; }

/* One row of s as grey levels: the mean of red, green and blue (the page
 * is painted white first, so alpha is always full). */
static void grey_row(const unsigned char *src, int w, unsigned char *dst)
{
    for (int x = 0; x < w; x++) {
        uint32_t px = ((const uint32_t *)(const void *)src)[x];
        dst[x] = (unsigned char)(((px >> 16 & 255) + (px >> 8 & 255) + (px & 255)) / 3);
    }
}

/* The same row as red, green, blue (pages with colour: constraint lines). */
static void rgb_row(const unsigned char *src, int w, unsigned char *dst)
{
    for (int x = 0; x < w; x++) {
        uint32_t px = ((const uint32_t *)(const void *)src)[x];
        dst[3 * x] = (unsigned char)(px >> 16 & 255);
        dst[3 * x + 1] = (unsigned char)(px >> 8 & 255);
        dst[3 * x + 2] = (unsigned char)(px & 255);
    }
}

/* 1 when some pixel of s is not grey. */
static int has_colour(const unsigned char *data, int w, int h, int stride)
{
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++) {
            uint32_t px = row[x];
            if ((px >> 16 & 255) != (px >> 8 & 255) || (px >> 8 & 255) != (px & 255)) return 1;
        }
    }
    return 0;
}

cairo_status_t sheet_png_write(cairo_surface_t *s, double dpi, cairo_write_func_t write,
                               void *closure)
{
    cairo_surface_flush(s);
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    const unsigned char *data = cairo_image_surface_get_data(s);
    sink k = {write, closure, 0};
    int colour = has_colour(data, w, h, stride);
    unsigned char *row = malloc((size_t)w * (colour ? 3 : 1));
    png_structp png = row ? png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL) : NULL;
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        free(row);
        return CAIRO_STATUS_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return CAIRO_STATUS_WRITE_ERROR;
    }
    png_set_write_fn(png, &k, write_data, flush_data);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
                 colour ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_uint_32 ppm = (png_uint_32)(dpi / 0.0254 + 0.5);
    png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_write_info(png, info);
    for (int y = 0; y < h && !k.failed; y++) {
        if (colour) rgb_row(data + (size_t)y * (size_t)stride, w, row);
        else grey_row(data + (size_t)y * (size_t)stride, w, row);
        png_write_row(png, row);
    }
    if (!k.failed) png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return k.failed ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}
