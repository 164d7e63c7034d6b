/* fuzz-page.c - libFuzzer target: the whole pipeline on one buffer.
 *
 * page_load_bytes with the DOM (load, charset, tidy parse into the node
 * table, metrics, metadata), then the CC decision and text extraction with
 * parameters taken from the first input bytes, once without and once with
 * pins, every node's XPath, the auto method (its signals use both the
 * DOM and the line blocks) and the line-block method on the same page;
 * the pinned cc run and the auto run also as Markdown and as HTML, with
 * links and images; each text must be valid UTF-8 with no control
 * character but tab and line feed.
 * The first 4 bytes are the settings, the rest is the page. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "page.h"
#include "run.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Extracted text: valid UTF-8, no NUL or control but tab and line feed. */
static void
check_text(const struct buf *out)
{
	if (!out->data)
		return;
	if (utf8_valid_prefix((const unsigned char *)out->data, out->len) != out->len)
		abort();
	for (size_t i = 0; i < out->len; i++)
		if ((unsigned char)out->data[i] < 0x20 && out->data[i] != '\t' &&
		    out->data[i] != '\n')
			abort();
}

/* The page through method m as every front-end runs it, the text in out;
 * with formats, what it kept as Markdown and as HTML too. */
static void
fuzz_run(struct page *pg, const struct method *m, const struct params *p,
	 const uint8_t *pins, bool formats, struct buf *out)
{
	struct run r;
	run_init(&r);
	struct run_input in = { .method = m, .params = p, .pins = pins, .index = -1 };
	run_page(&r, pg, &in);
	buf_add(out, r.text.data, r.text.len);
	if (formats && !r.by_lines) {
		struct format_opts fo = { .links = true, .images = true,
					  .url = "https://fuzz.test/a/b.html" };
		struct buf f;
		buf_init(&f);
		format_markdown(pg->dom, r.dc.content, r.masked ? r.mask : NULL, &fo, &f);
		check_text(&f);
		f.len = 0;
		format_html(pg->dom, r.dc.content, r.masked ? r.mask : NULL, &fo, &f);
		check_text(&f);
		buf_free(&f);
	}
	run_free(&r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 4)
		return 0;
	struct params p;
	params_default(&p);
	p.cc_C = data[0] & 0x7f;
	p.cc_outliers = data[0] >> 7;
	p.cc_S = (data[1] & 0x7f) / 127.0;
	p.lb_reflow = data[1] >> 7;
	p.cc_D = data[2];
	p.lb_K = 1 + (data[3] & 7);
	p.lb_mode = (data[3] >> 3) & 1 ? LB_MODE_ALL : LB_MODE_MAX;
	p.lb_T = (data[3] >> 4) * 8;
	const char *bytes = (const char *)data + 4;
	size_t n = size - 4;

	struct page_opts o;
	page_opts_default(&o);
	o.dom.max_depth = 200;      /* keep deep-nesting inputs quick */
	struct page pg;
	char err[256];
	if (page_load_bytes(&pg, "fuzz", bytes, n, &o, true, err, sizeof err) == 0) {
		const struct dom *d = pg.dom;
		struct buf out;
		buf_init(&out);
		fuzz_run(&pg, &method_cc, &p, NULL, false, &out);
		check_text(&out);
		/* pins: every third node in, every fifth out */
		uint8_t *pins = calloc((size_t)d->n + 1, 1);
		for (int i = 0; i < d->n; i++)
			pins[i] = i % 3 == 0 ? PIN_IN : i % 5 == 0 ? PIN_OUT : PIN_NONE;
		out.len = 0;
		fuzz_run(&pg, &method_cc, &p, pins, true, &out);
		free(pins);
		struct buf xp;
		buf_init(&xp);
		for (int i = 0; i < d->n; i++) {
			/* every element's path would cost elements x depth: a
			 * few kilobytes of reopened formatting tags make 87,000
			 * elements 138 deep, 8 s here (pith dump writes them in
			 * 0.6 s); the first 2,000 and one in 50 after them */
			if (i < 2000 || i % 50 == 0) {
				xp.len = 0;
				dom_xpath(d, i, &xp);
			}
			if (d->parent[i] >= i || d->end[i] <= i || d->end[i] > d->n)
				abort();
		}
		buf_free(&xp);
		out.len = 0;
		fuzz_run(&pg, &method_auto, &p, NULL, true, &out);
		check_text(&out);
		out.len = 0;
		fuzz_run(&pg, &method_lb, &p, NULL, false, &out);
		check_text(&out);
		buf_free(&out);
	}
	page_free(&pg);
	return 0;
}
