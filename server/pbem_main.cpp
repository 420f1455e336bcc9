// Placeholder until the CLI lands (replaced in the foundation work).
int main() { return 0; }
