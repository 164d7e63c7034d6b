/* lb-blocks.c - lb's block distribution Y over Ctext (built by
 * lb-ctext.c), its regions, and the lines and elements they keep
 * (CX-Extractor; doc/algorithms.md, "Line-block distribution"). */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "method/cc-decide.h"
#include "dom.h"
#include "extract.h"
#include "method/lb-blocks.h"
#include "method/lb-int.h"
#include "params.h"
#include "util.h"

/* Y for K by a sliding window over line_chars. */
static void
compute_y(struct lineblock *lb, int K)
{
	int L = lb->nlines;
	int nb = L >= K ? L - K + 1 : 1;
	int64_t sum = 0;
	for (int j = 0; j < (L < K ? L : K); j++)
		sum += lb->line_chars[j];
	lb->Y[0] = (int)sum;
	for (int b = 1; b < nb; b++) {
		sum += lb->line_chars[b + K - 1] - lb->line_chars[b - 1];
		lb->Y[b] = (int)sum;
	}
	lb->nblocks = nb;
	lb->K = K;
}

static int
clamp_k(const struct params *p)
{
	return p->lb_K < 1 ? 1 : p->lb_K;
}

static int
has_sub(const char *p, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= n; i++) {
		const char *c = memchr(p + i, (unsigned char)needle[0], n - k + 1 - i);
		if (!c)
			return 0;
		i = (size_t)(c - p);
		if (memcmp(c, needle, k) == 0)
			return 1;
	}
	return 0;
}

/* Mode all drops a region whose kept lines hold a copyright notice, as
 * the reference implementation does. */
static int
region_has_copyright(const struct lineblock *lb, const struct lb_region *r)
{
	int first, last;
	lineblock_region_lines(lb, r, &first, &last);
	for (int j = first - 1; j < last; j++) {
		if (lb->line_chars[j] < 5)
			continue;
		const char *p = lb->ctext + lb->line_off[j];
		size_t n = lb->line_off[j + 1] - lb->line_off[j] - 1;
		if (has_sub(p, n, "Copyright") || has_sub(p, n, "版权所有"))
			return 1;
	}
	return 0;
}

#define Y(i) (lb->Y[(i) - 1])           /* block i, 1-based */

static void
region_add(struct lineblock *lb, int at, int s, int e, int selected)
{
	if (at == lb->regions_cap) {
		lb->regions_cap *= 2;
		lb->regions = xreallocarray(lb->regions, (size_t)lb->regions_cap,
					    sizeof *lb->regions);
	}
	lb->regions[at].start = s;
	lb->regions[at].end = e;
	lb->regions[at].selected = selected;
}

/* lb.stage 1 and 2, every "region" selected: 1, one spanning all blocks
 * when any line has text (the Ctext the method starts from); 2, each run
 * of blocks with Y > T, so its lines are those of the blocks over T. */
static void
stage_regions(struct lineblock *lb, const struct params *p)
{
	int nb = lb->nblocks, nr = 0;
	if (p->lb_stage <= 1) {
		int any = 0;
		for (int b = 1; b <= nb && !any; b++)
			any = Y(b) > 0;
		if (any)
			region_add(lb, nr++, 1, nb, 1);
	} else {
		for (int s = 1; s <= nb; s++) {
			if (!(Y(s) > p->lb_T))
				continue;
			int e = s;
			while (e < nb && Y(e + 1) > p->lb_T)
				e++;
			region_add(lb, nr++, s, e, 1);
			s = e;
		}
	}
	lb->nregions = nr;
}

void
lineblock_regions(struct lineblock *lb, const struct params *p)
{
	int K = clamp_k(p);
	if (K != lb->K)
		compute_y(lb, K);
	int nb = lb->nblocks;
	double T = p->lb_T;
	if (p->lb_stage < 3) {
		stage_regions(lb, p);
		return;
	}
	int nr = 0;
	int nz = 0;             /* first block > s with Y != 0, once known */
	for (int s = 1; s <= nb; s++) {
		if (!(Y(s) > T))
			continue;
		/* nz only moves forward, so the look-ahead stays linear. */
		if (nz <= s)
			for (nz = s + 1; nz <= nb && Y(nz) == 0; nz++)
				;
		if (nz > nb || nz > s + K)
			continue;
		int e = s + 1;
		while (e < nb && !(Y(e) == 0 && Y(e + 1) == 0))
			e++;
		/* At e == nb the missing Y(nb+1) counts as 0: a fall if
		 * Y(nb) == 0, else the region runs to the last block. */
		region_add(lb, nr++, s, e, 0);
		s = e;
	}
	lb->nregions = nr;

	if (p->lb_mode == LB_MODE_ALL) {
		for (int r = 0; r < nr; r++)
			lb->regions[r].selected =
				!region_has_copyright(lb, &lb->regions[r]);
	} else {
		int m = 1;
		for (int b = 2; b <= nb; b++)
			if (Y(b) > Y(m))
				m = b;
		for (int r = 0; r < nr; r++)
			if (lb->regions[r].start <= m && m <= lb->regions[r].end)
				lb->regions[r].selected = 1;
	}
}

#undef Y

void
lineblock_region_lines(const struct lineblock *lb, const struct lb_region *r,
		       int *first, int *last)
{
	*first = r->start;
	if (lb->Y[r->end - 1] == 0) {
		*last = r->end;
	} else {
		*last = r->end + lb->K - 1;
		if (*last > lb->nlines)
			*last = lb->nlines;
	}
}

struct lineblock *
lineblock_build(const char *utf8, size_t len, const struct params *p)
{
	/* Keeps every count (lines, characters, Y) inside an int. */
	if (len > INT_MAX / 2)
		len = INT_MAX / 2;
	struct lineblock *lb = xcalloc(1, sizeof *lb);
	lineblock_scan(lb, utf8, len, p->lb_reflow);
	lb->reflow = p->lb_reflow;
	/* Sized for K = 1, so a new K never reallocates Y. */
	lb->Y = xmalloc((lb->nlines ? (size_t)lb->nlines : 1) * sizeof *lb->Y);
	lb->regions_cap = 16;
	lb->regions = xmalloc((size_t)lb->regions_cap * sizeof *lb->regions);
	compute_y(lb, clamp_k(p));
	lineblock_regions(lb, p);
	return lb;
}

/* Length of the code point at p, and whether it is whitespace. */
static size_t
cp_at(const char *p, size_t n, int *white)
{
	unsigned char c = (unsigned char)*p;
	if (c < 0x80) {
		*white = c == ' ' || (c >= 0x09 && c <= 0x0D);
		return 1;
	}
	uint32_t cp;
	size_t k = utf8_decode((const unsigned char *)p, n, &cp);
	*white = uc_is_white(cp);
	return k;
}

/* One output line: whitespace runs made one space, trimmed. */
static void
add_collapsed(struct buf *out, const char *p, size_t n)
{
	size_t i = 0;
	int first = 1, white;
	while (i < n) {
		size_t k;
		while (i < n && (k = cp_at(p + i, n - i, &white)) && white)
			i += k;
		if (i >= n)
			break;
		size_t a = i;
		while (i < n && (k = cp_at(p + i, n - i, &white)) && !white)
			i += k;
		if (!first)
			buf_addc(out, ' ');
		buf_add(out, p + a, i - a);
		first = 0;
	}
	if (!first)
		buf_addc(out, '\n');
}

/* In mode all the extraction skips lines under this many characters
 * (here, so that the text and the elements' decision read one rule). */
static int
min_line_chars(const struct params *p)
{
	return p->lb_mode == LB_MODE_ALL ? 5 : 1;
}

/* The lines lineblock_extract keeps: their text to out (unless NULL),
 * and, when keep is not NULL, each marked kept in keep[] with its region
 * in grp[] (here, so the rule for short lines lives in one place). */
static void
extract_lines(const struct lineblock *lb, const struct params *p, struct buf *out,
	      uint8_t *keep, int *grp)
{
	int min_chars = min_line_chars(p);
	int wrote = 0;
	for (int r = 0; r < lb->nregions; r++) {
		if (!lb->regions[r].selected)
			continue;
		int first, last, started = 0;
		lineblock_region_lines(lb, &lb->regions[r], &first, &last);
		for (int j = first - 1; j < last; j++) {
			if (lb->line_chars[j] < min_chars)
				continue;
			if (keep) {
				keep[j] = 1;
				grp[j] = r;
			}
			if (!out)
				continue;
			if (!started && wrote)
				buf_addc(out, '\n');
			started = wrote = 1;
			add_collapsed(out, lb->ctext + lb->line_off[j],
				      lb->line_off[j + 1] - lb->line_off[j] - 1);
		}
	}
}

void
lineblock_extract(const struct lineblock *lb, const struct params *p,
		  struct buf *out)
{
	extract_lines(lb, p, out, NULL, NULL);
}

void
lineblock_free(struct lineblock *lb)
{
	if (!lb)
		return;
	free(lb->ctext);
	free(lb->line_off);
	free(lb->line_chars);
	free(lb->src_line);
	free(lb->Y);
	free(lb->regions);
	free(lb);
}

/* ---- elements and pins (the method table's lb entry) ---- */

uint8_t *
lineblock_kept_src(const struct lineblock *lb, const struct params *p, int nsrc)
{
	uint8_t *sel = xcalloc((size_t)nsrc + 2, 1);
	/* per source line: 2 some text of it written, 4 some skipped */
	uint8_t *text = xcalloc((size_t)nsrc + 2, 1);
	int min_chars = min_line_chars(p);
	for (int r = 0; r < lb->nregions; r++) {
		if (!lb->regions[r].selected)
			continue;
		int f, l;
		lineblock_region_lines(lb, &lb->regions[r], &f, &l);
		for (int s = lb->src_line[f - 1]; s <= lb->src_line[l - 1] && s <= nsrc; s++)
			sel[s] = 1;
		for (int j = f - 1; j < l; j++) {
			int s = lb->src_line[j];
			if (s >= 1 && s <= nsrc && lb->line_chars[j] > 0)
				text[s] |= lb->line_chars[j] >= min_chars ? 2 : 4;
		}
	}
	/* a line whose every bit of text the extraction skips is not kept,
	 * so that an element of it is not called content */
	for (int s = 1; s <= nsrc; s++)
		if (text[s] == 4)
			sel[s] = 0;
	free(text);
	return sel;
}

void
lineblock_decide_elements(const struct lineblock *lb, const struct params *p,
			  const struct dom *d, const int *last_line, struct decision *dc)
{
	int nsrc = 1;
	for (int j = 0; j < lb->nlines; j++)
		if (lb->src_line[j] > nsrc)
			nsrc = lb->src_line[j];
	for (int i = 0; i < d->n; i++) {
		if (d->line[i] > nsrc)
			nsrc = d->line[i];
		if (last_line && last_line[i] > nsrc)
			nsrc = last_line[i];
	}
	uint8_t *sel = lineblock_kept_src(lb, p, nsrc);
	/* kept[s]: the kept lines before source line s */
	int *kept = xmalloc(((size_t)nsrc + 2) * sizeof *kept);
	kept[0] = kept[1] = 0;
	for (int l = 1; l <= nsrc; l++)
		kept[l + 1] = kept[l] + sel[l];
	/* an element is lb's content when at least half the source lines it
	 * spans are kept (one line: that line); a container is not judged
	 * by the line of its start tag alone */
	for (int i = 0; i < d->n; i++) {
		int a = d->line[i], b = last_line ? last_line[i] : a;
		if (b < a)
			b = a;
		int in = a >= 1 && a <= nsrc && 2 * (kept[b + 1] - kept[a]) >= b - a + 1 &&
			 !(d->flags[i] & DOM_SKIP);
		dc->content[i] = (uint8_t)in;
		dc->reason[i] = in ? REASON_CC : REASON_NOISE;
	}
	free(kept);
	dc->region = -1;
	free(sel);
}

/* lineblock_text's line: a blank line between groups. */
static void
add_kept_line(void *ctx, int j, const char *s, size_t len, bool brk)
{
	struct buf *out = ctx;
	(void)j;
	if (brk)
		buf_addc(out, '\n');
	buf_add(out, s, len);
	buf_addc(out, '\n');
}

void
lineblock_text(const struct lineblock *lb, const struct params *p,
	       const uint8_t *line_pin, int nsrc, uint8_t *keep, int *grp,
	       struct buf *out)
{
	int L = lb->nlines;
	memset(keep, 0, (size_t)L + 1);
	for (int j = 0; j <= L; j++)
		grp[j] = -1;
	/* without pins the text is lineblock_extract's, written as the lines
	 * are marked; with pins, the kept lines are written below */
	extract_lines(lb, p, line_pin ? NULL : out, keep, grp);
	if (!line_pin)
		return;
	/* A pin keeps or drops whole lines: those of the pinned elements. */
	for (int j = 0; j < L; j++) {
		int s = lb->src_line[j];
		if (s < 1 || s > nsrc)
			continue;
		if (line_pin[s] == PIN_OUT) {
			keep[j] = 0;
		} else if (line_pin[s] == PIN_IN && !keep[j] && lb->line_chars[j] > 0) {
			keep[j] = 2;
			grp[j] = -1;
		}
	}
	lineblock_each_line(lb, keep, grp, L, false, add_kept_line, out);
}

void
lineblock_each_line(const struct lineblock *lb, const uint8_t *keep, const int *grp,
		    int n, bool every,
		    void (*line)(void *ctx, int j, const char *s, size_t len, bool brk),
		    void *ctx)
{
	struct buf tmp;
	buf_init(&tmp);
	int lastgrp = -2;
	bool any = false;
	for (int j = 0; j < n && j < lb->nlines; j++) {
		bool in = keep[j] != 0;
		if (!in && !(every && lb->line_chars[j] > 0))
			continue;
		tmp.len = 0;
		text_collapse(lb->ctext + lb->line_off[j],
				 lb->line_off[j + 1] - lb->line_off[j] - 1, &tmp);
		if (!tmp.len)
			continue;
		line(ctx, j, tmp.data, tmp.len, in && any && grp[j] != lastgrp);
		if (in) {
			any = true;
			lastgrp = grp[j];
		}
	}
	buf_free(&tmp);
}

int
lineblock_ctext_lines(const struct lineblock *lb, int first, int last, int *a, int *b)
{
	int L = lb->nlines;
	if (L == 0)
		return 0;
	/* src_line never decreases: two binary searches */
	int lo = 0, hi = L;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (lb->src_line[mid] < first)
			lo = mid + 1;
		else
			hi = mid;
	}
	int x = lo;
	lo = 0;
	hi = L;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (lb->src_line[mid] <= last)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo <= x)
		return 0;
	*a = x + 1;
	*b = lo;
	return 1;
}
