/* floor.c - the speed floor for make bench: a bare libtidy parse of each
 * page as it is and one walk over its tree reading every text node,
 * nothing else: what any tool built on libtidy pays.  pith does all that
 * and its own work, but hands libtidy the page with the text of its
 * scripts and styles cut out (source_blank), which libtidy would read a
 * character at a time; the benchmark reports both. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#include <tidybuffio.h>
#pragma GCC diagnostic pop

#include "dom.h"
#include "util.h"
#include "file.h"

static unsigned long
walk(TidyDoc doc, TidyNode root, TidyBuffer *val)
{
	unsigned long n = 0;
	TidyNode nd = tidyGetChild(root);
	while (nd) {
		n++;
		if (tidyNodeGetType(nd) == TidyNode_Text)
			tidyNodeGetValue(doc, nd, val);
		TidyNode c = tidyGetChild(nd);
		if (c) {
			nd = c;
			continue;
		}
		while (nd && !tidyGetNext(nd)) {
			nd = tidyGetParent(nd);
			if (nd == root)
				nd = NULL;
		}
		if (nd)
			nd = tidyGetNext(nd);
	}
	return n;
}

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	unsigned long nodes = 0;
	int pages = 0;
	for (int i = 1; i < argc; i++) {
		struct buf b;
		buf_init(&b);
		char err[256];
		if (read_file(argv[i], SIZE_MAX, &b, err, sizeof err) < 0) {
			buf_free(&b);
			continue;
		}
		TidyDoc doc = dom_tidy_create();   /* pith's own options */
		TidyBuffer in, val;
		tidyBufInit(&in);
		tidyBufInit(&val);
		tidyBufAttach(&in, (byte *)b.data, (uint)b.len);
		tidyParseBuffer(doc, &in);
		tidyBufDetach(&in);
		nodes += walk(doc, tidyGetRoot(doc), &val);
		tidyBufFree(&val);
		tidyRelease(doc);
		buf_free(&b);
		pages++;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("%d pages %lu nodes %.3f s %.1f pages/s\n", pages, nodes, s, pages / s);
	return 0;
}
