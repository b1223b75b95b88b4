from campaign_cli.cli.app import main

main()
