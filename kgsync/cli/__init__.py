"""The command line: thin click commands over plain library functions; the only place errors become exit codes."""
