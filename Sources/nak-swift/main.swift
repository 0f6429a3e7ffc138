await CLI.main()
