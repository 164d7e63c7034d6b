/* histogram.h - what `pith histogram` prints from a line-block view.
 *
 * TSV ("block\tlength", one row per block, then "# region START END" per
 * region found), or with plot != 0 a text plot fitted to columns: one row
 * per block, T marked ':' and rows in a region marked '*'.  Returns 0;
 * write errors are the caller's to check on out. */
#ifndef PITH_HISTOGRAM_H
#define PITH_HISTOGRAM_H

#include <stdio.h>

#include "lineblock.h"

int histogram_print(const struct lineblock *lb, const struct params *p,
		    int plot, int columns, FILE *out);

#endif
