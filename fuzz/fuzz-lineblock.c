/* fuzz-lineblock.c - libFuzzer target: the line-block scan (Ctext,
 * histogram, regions, extraction) on raw bytes, no DOM.
 *
 * The first 2 bytes choose lb.K, lb.T, lb.mode and lb.reflow; the regions
 * are then recomputed with other settings in place (lineblock_regions), as
 * the inspector does when a threshold is turned, and for lb.stage's first
 * two stages.  Checks the promises of lineblock.h: Ctext is valid UTF-8 and
 * NUL-terminated, line offsets increase, regions lie within the blocks. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "method/lb-blocks.h"
#include "params.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(const struct lineblock *lb, int stage)
{
	if (lb->ctext[lb->ctext_len] != '\0' || lb->nblocks < 1)
		abort();
	if (utf8_valid_prefix((const unsigned char *)lb->ctext, lb->ctext_len) != lb->ctext_len)
		abort();
	if (lb->nlines > 0 && (lb->line_off[0] != 0 ||
			       lb->line_off[lb->nlines] != lb->ctext_len + 1))
		abort();
	for (int j = 0; j < lb->nlines; j++)
		if (lb->line_off[j + 1] <= lb->line_off[j])
			abort();
	for (int r = 0; r < lb->nregions; r++) {
		const struct lb_region *g = &lb->regions[r];
		/* a stage's run of blocks over T may be one block long */
		if (g->start < 1 || g->end > lb->nblocks ||
		    (stage < 3 ? g->start > g->end : g->start >= g->end))
			abort();
		int first, last;
		lineblock_region_lines(lb, g, &first, &last);
		if (first < 1 || last > lb->nlines || first > last)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	struct params p;
	params_default(&p);
	p.lb_K = 1 + (data[0] & 15);
	p.lb_mode = (data[0] >> 4) & 1 ? LB_MODE_ALL : LB_MODE_MAX;
	p.lb_reflow = (data[0] >> 5) & 1;
	p.lb_T = data[1] < 128 ? data[1] : 86;
	const char *bytes = (const char *)data + 2;
	size_t n = size - 2;

	struct lineblock *lb = lineblock_build(bytes, n, &p);
	check(lb, 3);
	struct buf out;
	buf_init(&out);
	lineblock_extract(lb, &p, &out);
	if (out.data && strlen(out.data) != out.len)
		abort();

	/* turn the knobs as the inspector would */
	p.lb_K = 1 + ((data[0] >> 6) | (data[1] & 0x1c));
	p.lb_mode = !p.lb_mode;
	p.lb_T = 0;
	lineblock_regions(lb, &p);
	check(lb, 3);
	out.len = 0;
	lineblock_extract(lb, &p, &out);
	p.lb_K = 100;
	p.lb_T = 1;
	lineblock_regions(lb, &p);
	check(lb, 3);
	for (int st = 1; st <= 2; st++) {
		p.lb_stage = st;
		p.lb_K = 1 + (data[0] & 7);
		lineblock_regions(lb, &p);
		check(lb, st);
		out.len = 0;
		lineblock_extract(lb, &p, &out);
	}
	buf_free(&out);
	lineblock_free(lb);
	return 0;
}
