/*
 * marks.h - the pencilmarks a printed grid shows.
 */
#ifndef NONET_SHEET_MARKS_H
#define NONET_SHEET_MARKS_H

#include <nonet.h>

/* Fills marks (N*N masks) with the candidates to print for p: its own
 * pencilmarks when it has them, else for each empty cell every digit that
 * no given of the cell's houses holds (links between cells, as anti-knight
 * ones, are not followed). Given cells get 0. */
void sheet_marks(const nonet_puzzle *p, uint64_t *marks);

#endif
