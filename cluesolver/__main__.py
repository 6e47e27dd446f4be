from cluesolver.cli import main

main()
