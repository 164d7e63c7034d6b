/* fuzz-rules.c - libFuzzer target: the rule-file parser and the
 * XPath-from-rule path.  The input is a rule file; it is parsed, checked
 * (every XPath compiled), written back and parsed again (the text must
 * survive unchanged), then applied to a fixed page, so body, strip, pins,
 * title and date expressions are evaluated by libxml2 under pith's
 * operation limit. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "page.h"
#include "rules/rules.h"
#include "run.h"
#include "rules/xpath.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char page_html[] =
	"<html><head><title>A page | Site</title>"
	"<meta property=\"og:title\" content=\"A page\"></head><body>"
	"<div id=\"nav\" class=\"menu top\"><a href=\"/\">Home</a><a href=\"/n\">News</a></div>"
	"<article class=\"story main\"><h1>Headline</h1><time datetime=\"2020-01-02\">2 Jan</time>"
	"<p>First paragraph of the article with enough words to count.</p>"
	"<div class=\"share\"><a href=\"/s\">Share</a></div>"
	"<p>Second paragraph <span class=\"ad\">advert</span> and more text.</p></article>"
	"<footer><p>Copyright</p></footer></body></html>";

static void
quiet(void *ctx, const char *file, int line, const char *reason)
{
	(void)ctx; (void)file; (void)line; (void)reason;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct page pg;
	static bool loaded;
	if (!loaded) {
		struct page_opts o;
		char err[256];
		page_opts_default(&o);
		if (page_load_bytes(&pg, "page", page_html, sizeof page_html - 1, &o,
				    true, err, sizeof err) < 0)
			abort();
		loaded = true;
	}
	int nerr = 0;
	struct rule *r = rule_parse((const char *)data, size, "fuzz.example.com.txt",
				    quiet, NULL, &nerr);
	if (!r)
		return 0;
	rule_check(r, quiet, NULL);

	/* writing back keeps every line: a second parse writes the same */
	struct buf a, b;
	buf_init(&a);
	buf_init(&b);
	rule_write(r, false, &a);
	struct rule *r2 = rule_parse(a.data ? a.data : "", a.len, "fuzz.example.com.txt",
				     quiet, NULL, &nerr);
	rule_write(r2, false, &b);
	if (a.len != b.len || (a.len && memcmp(a.data, b.data, a.len)))
		abort();
	buf_free(&a);
	buf_free(&b);
	rule_free(r2);

	struct params p;
	params_default(&p);
	struct run run;
	run_init(&run);
	struct run_input in = { .method = &method_cc, .params = &p, .index = -1, .rule = r,
				.diag = quiet };
	run_page(&run, &pg, &in);
	if (utf8_valid_prefix((const unsigned char *)run.text.data, run.text.len) != run.text.len)
		abort();
	run_free(&run);
	rule_free(r);
	return 0;
}
