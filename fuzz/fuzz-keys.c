/* fuzz-keys.c - libFuzzer target: the inspector's key handling on a
 * virtual screen.  Every input byte becomes one key of a key script (the
 * format of --keys), played against a fixed page in an 80x24 virtual
 * terminal: movement, folding, search and parameter prompts, pins,
 * undo/redo, method changes, resizes, clicks, writing a rule.  A crash,
 * a sanitizer report or a hang is a finding. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tui/tui.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char page_html[] =
	"<html><head><title>A page</title></head><body>"
	"<div id=\"nav\"><a href=\"/\">Home</a> <a href=\"/n\">News</a></div>"
	"<article id=\"story\"><h1>Headline \xe4\xb8\xad\xe6\x96\x87</h1>"
	"<p>First paragraph of the article with enough words to count for the methods.</p>"
	"<p>\xd8\xa6\xdb\x87\xd9\x8a\xd8\xba\xdb\x87\xd8\xb1 text and \xe0\xbd\x96\xe0\xbd\xbc\xe0\xbd\x91\xe0\xbc\x8b more.</p>"
	"<ul><li>one</li><li>two</li></ul></article>"
	"<footer><p>Copyright 2024</p></footer></body></html>\n";

/* Named keys a byte can stand for; the other bytes are themselves. */
static const char *const named[] = {
	"Up", "Down", "Left", "Right", "PgUp", "PgDn", "Home", "End", "Enter",
	"Tab", "BTab", "Space", "Esc", "Backspace", "F1", "C-r", "C-l",
	"resize:60x20", "resize:100x30", "resize:20x5", "click:5,3",
	"click:70,10", "wheelup:10,5", "wheeldown:10,5",
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char dir[] = "/tmp/pith-fuzz-keys.XXXXXX";
	static char pagepath[64], keypath[64], rulepath[64];
	if (!pagepath[0]) {
		if (!mkdtemp(dir))
			abort();
		snprintf(pagepath, sizeof pagepath, "%s/page.html", dir);
		snprintf(keypath, sizeof keypath, "%s/keys", dir);
		snprintf(rulepath, sizeof rulepath, "%s/rule.txt", dir);
		FILE *f = fopen(pagepath, "w");
		if (!f)
			abort();
		fputs(page_html, f);
		fclose(f);
	}
	if (size > 200)
		size = 200;
	FILE *k = fopen(keypath, "w");
	if (!k)
		abort();
	for (size_t i = 0; i < size; i++) {
		unsigned char b = data[i];
		if (b > ' ' && b < 0x7f && b != '#')
			fprintf(k, "%c ", b);
		else
			fprintf(k, "%s ", named[b % (sizeof named / sizeof named[0])]);
	}
	fputs("q q q\n", k);
	fclose(k);

	struct cli c;
	memset(&c, 0, sizeof c);
	char *inputs[] = { pagepath, NULL };
	c.command = "inspect";
	c.algo = &method_cc;
	params_default(&c.params);
	page_opts_default(&c.page);
	c.inputs = inputs;
	c.ninputs = 1;
	c.keys = keypath;
	c.screen_out = "/dev/null";
	c.screen_cols = 80;
	c.screen_lines = 24;
	c.rules_out = rulepath;
	c.url = "https://fuzz.example/page";
	tui_run(&c);
	return 0;
}
