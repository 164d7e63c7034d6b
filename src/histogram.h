/* histogram.h - what `pith histogram` prints from a line-block view.
 *
 * TSV ("block\tlength", one row per block, then "# region START END" per
 * region found), or with plot != 0 a text plot fitted to columns: one row
 * per block, T marked ':' and rows in a region marked '*'.  Returns 0;
 * write errors are the caller's to check on out. */
#ifndef PITH_HISTOGRAM_H
#define PITH_HISTOGRAM_H

#include <stdbool.h>
#include <stdio.h>

#include "method/lb-blocks.h"
#include "util.h"

int histogram_print(const struct lineblock *lb, const struct params *p,
		    int plot, int columns, FILE *out);

/* The same as an SVG image appended to out: one bar per block (a
 * <rect class="bar"> with data-block and data-length; "bar region" in a
 * region, "bar region selected" in one lb.mode selects), each region's
 * span behind its bars (class "span"), the threshold T as a line (class
 * "threshold"), axes labelled with block numbers and lengths.  Past 2000
 * blocks a bar stands for data-per-bar of them (data-block to data-last),
 * as long as the longest, so the image is bounded whatever the page.
 * Its own <style>, no script; standalone adds the XML declaration. */
void histogram_svg(const struct lineblock *lb, const struct params *p, bool standalone,
		   struct buf *out);

#endif
