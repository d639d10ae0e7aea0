from kgsync.cli.main import main

main()
