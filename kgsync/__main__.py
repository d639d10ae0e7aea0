from kgsync.cli import main

main()
