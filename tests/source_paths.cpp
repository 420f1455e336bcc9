#include "tests/source_paths.h"

namespace pbem::tests {

const char* source_dir() { return PBEM_SOURCE_DIR; }
const char* fixtures_dir() { return PBEM_FIXTURES; }

}  // namespace pbem::tests
