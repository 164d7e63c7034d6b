/* lb-blocks.h - the line-block distribution method (CX-Extractor,
 * doc/algorithms.md#lb): no DOM, only lines of text.
 *
 * Ctext is the page with tags, comments and the contents of script, style
 * and textarea removed and entities decoded, by a small HTML-aware scanner
 * (no parser library).  Every source line break is kept, also those inside
 * a removed tag, comment or script, so Ctext line j is source line j.  A
 * line ends at "\n", "\r\n" or a lone "\r"; a final break starts no extra
 * line; empty input has no lines.  The scan is a browser's, simplified:
 * '<' not followed by a letter, '/', '!' or '?' is text ("a < b"); script,
 * style and textarea end only at their own end tag, even inside a JS
 * string; <![CDATA[...]]> keeps its text; quoted attribute values may hold
 * '>'; an unclosed tag, comment or script runs to the end.  A block
 * boundary is a word boundary: the start or end tag of a block-level
 * element, or <br>, between two words leaves one space (not counted, since
 * whitespace never counts), unless whitespace is there already.  References:
 * &#N; &#xH; and HTML 4's named entities plus &apos; (the Latin-1 ones
 * also without ';'); a decoded &#10; becomes a space, never a line.
 *
 * With lb.reflow=on a break is also inserted after every block-level end
 * tag (</p>, </div>, </li>, </td>, </h1>..</h6>, ...) and after <br>; line
 * numbers then count the reflowed lines and src_line[] maps each one back
 * to the source line it starts on.
 *
 * Block i (1-based) is Ctext lines i .. i+K-1 and Y(i) its non-whitespace
 * code points, for i = 1 .. L-K+1; a page of fewer than K lines (also an
 * empty one) has one block, covering all its lines.
 *
 * A region starts at a block s with Y(s) > T and some Y(s+1)..Y(s+K) not 0
 * (blocks past the end count as 0), and ends at the first block e > s with
 * Y(e) = 0 and Y(e+1) = 0 (a missing e+1 counts as 0), or at the last block
 * if there is none; the scan goes on after e.  So a page with a single
 * block (fewer than K+1 lines) never has a region.
 *
 * Text of a region [s,e] (lineblock_region_lines): Ctext lines s .. e, from
 * the start block's first line to the end block's first line; the lines
 * after e in block e are blank, because Y(e) = 0.  A region that runs to the
 * last block without that fall (Y(e) > 0) covers the whole last block, i.e.
 * lines s .. L, so text on the page's last lines is not lost.
 *
 * lb.mode=max selects the one region holding the first block with the
 * largest Y (none if no region holds it); lb.mode=all selects every region
 * except those whose kept lines contain "Copyright" or "版权所有", and the
 * extraction then skips lines of fewer than 5 characters.  All regions are
 * kept in regions[], selected or not, for the histogram.
 *
 * lb.stage stops the method early, for the inspector's step mode: at 1 the
 * one region [1, last block], selected, holds every Ctext line (none on a
 * page without text); at 2 every run of consecutive blocks with Y > T is a
 * region [first, last block of the run], selected, holding the lines of
 * those blocks; at 3 (the default) the regions are the method's.
 *
 * Ownership: lineblock_build returns a struct that owns every array in it;
 * lineblock_free releases it all.  Callers only read the fields; they change
 * it only through lineblock_regions.  Errors: there are none to report (any
 * byte string is a page); allocation failure aborts.  Linear time in the
 * input: one pass over the bytes, one over the lines. */
#ifndef PITH_LINEBLOCK_H
#define PITH_LINEBLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct params;
struct buf;

struct lb_region {
	int start, end;         /* 1-based block numbers, start < end
				   (start <= end before lb.stage 3) */
	int selected;           /* chosen for output by lb.mode */
};

/* A run of empty Ctext lines is kept this long and no longer (lb.K's
 * largest, 100, plus one): longer runs change no block's Y but the empty
 * ones', and no region. */
#define LB_EMPTY_RUN 101

struct lineblock {
	char *ctext;            /* Ctext, lines separated by '\n', no final
				   '\n', NUL-terminated; valid UTF-8 */
	size_t ctext_len;
	int nlines;             /* L */
	size_t *line_off;       /* start of each line in ctext; nlines+1
				   entries, the last = ctext_len + 1, so line j
				   (0-based) is bytes line_off[j] ..
				   line_off[j+1]-2 */
	int *line_chars;        /* non-whitespace code points per line */
	int *src_line;          /* 1-based source line each line starts on */
	int nblocks;            /* >= 1 */
	int *Y;                 /* Y[0] is block 1 */
	int K;                  /* K used for Y */
	int nregions;
	struct lb_region *regions;
	int regions_cap;        /* private: room in regions[] */
	int reflow;             /* lb.reflow the Ctext was built with */
};

/* Ctext of utf8[0..len) (NUL bytes are dropped, invalid UTF-8 becomes
 * U+FFFD), then Y and regions for p.  Never NULL. */
struct lineblock *lineblock_build(const char *utf8, size_t len,
				  const struct params *p);
/* After lb.K, lb.T or lb.mode changed: Y again if K changed (in place),
 * then the regions and their selection.  Allocates only to hold more
 * regions than ever before.  lb.reflow changes Ctext itself: for that the
 * caller builds anew with lineblock_build. */
void lineblock_regions(struct lineblock *lb, const struct params *p);
/* Ctext lines [*first, *last] (1-based) holding region r's text. */
void lineblock_region_lines(const struct lineblock *lb,
			    const struct lb_region *r, int *first, int *last);
/* Append the extracted text to out: the selected regions' lines, whitespace
 * runs collapsed to one space, trimmed, empty lines (and in mode all lines
 * under 5 characters) dropped, each line ending in '\n', and an empty line
 * between regions.  Appends nothing when nothing is selected. */
void lineblock_extract(const struct lineblock *lb, const struct params *p,
		       struct buf *out);
void lineblock_free(struct lineblock *lb);

/* The source lines the text keeps, as elements count them: 1 for each
 * of 1..nsrc that lies in a selected region, unless its text is all on
 * lines the extraction skips (in mode all, lines of 1 to 4 characters);
 * a line with no text in a region counts as kept.  nsrc+2 entries, the
 * caller's to free. */
uint8_t *lineblock_kept_src(const struct lineblock *lb, const struct params *p, int nsrc);
/* The method on elements: element i is content when at least half of
 * the source lines it spans (d->line[i] to last_line[i]; its start line
 * alone when last_line is NULL) are kept (lineblock_kept_src), and it is
 * not skipped text. */
struct dom;
struct decision;
void lineblock_decide_elements(const struct lineblock *lb, const struct params *p,
			       const struct dom *d, const int *last_line,
			       struct decision *dc);
/* The Ctext lines [*a, *b] (1-based) that start on source lines first to
 * last; 0 when there are none. */
int lineblock_ctext_lines(const struct lineblock *lb, int first, int last, int *a, int *b);
/* lineblock_extract's text with pins: line_pin (nsrc+1 entries, enum pin
 * per source line, NULL for none) keeps or drops whole lines.  keep and
 * grp (nlines+1 entries) get, per Ctext line, 1 kept by the method, 2
 * pinned in, 0 dropped, and its region (-1 for none). */
void lineblock_text(const struct lineblock *lb, const struct params *p,
		    const uint8_t *line_pin, int nsrc, uint8_t *keep, int *grp,
		    struct buf *out);
/* Each of the first n Ctext lines with text that keep[] keeps (with
 * every, each line with text, kept or not), its text collapsed, to
 * line(); brk is true for a kept line that starts another group (grp[])
 * after kept text: where the text has a blank line. */
void lineblock_each_line(const struct lineblock *lb, const uint8_t *keep, const int *grp,
			 int n, bool every,
			 void (*line)(void *ctx, int j, const char *s, size_t len, bool brk),
			 void *ctx);


#endif
