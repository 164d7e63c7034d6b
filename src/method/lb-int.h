/* lb-int.h - what lb-blocks.c and lb-ctext.c share; not for the rest of
 * pith. */
#ifndef PITH_LB_INT_H
#define PITH_LB_INT_H

#include <stddef.h>

struct lineblock;

/* Ctext of utf8[0..len) into lb (ctext, ctext_len, nlines, line_off,
 * line_chars, src_line), with lb.reflow's breaks when reflow; lb owns
 * the arrays.  len must keep every count inside an int. */
void lineblock_scan(struct lineblock *lb, const char *utf8, size_t len, int reflow);

#endif
