// Where the tests find the source tree's files. The paths are compiled into one small file
// (source_paths.cpp) rather than defined for every test source, so that ccache can share
// the other objects between checkouts in different directories.
#pragma once

namespace pbem::tests {

const char* source_dir();  // the checkout's root
const char* fixtures_dir();  // tests/fixtures

}  // namespace pbem::tests
