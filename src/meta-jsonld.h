/* meta-jsonld.h - the page's JSON-LD article, for meta.c: just enough of
 * JSON to read its headline, dates, authors and publisher.  struct
 * jsonld owns its strings (jsonld_free); a page without JSON-LD leaves
 * every field NULL. */
#ifndef PITH_META_JSONLD_H
#define PITH_META_JSONLD_H

#include "dom.h"

struct jsonld {
	char *headline, *author, *published, *modified, *publisher, *image, *section;
	char *author_ref;   /* {"@id": ...} of an author named elsewhere in the graph */
};

/* The page's JSON-LD article (or the first object with its fields) into
 * j; jsonld_free releases what it holds. */
void jsonld_find(const struct dom *d, struct jsonld *j);
void jsonld_free(struct jsonld *j);

#endif
